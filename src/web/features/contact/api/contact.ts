import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../../shared/contact';
import { api } from '../../../lib/api';

/** Sends a contact-form message to the team's inbox. */
export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (input: ContactInput) => api<void>('/api/contact', { method: 'POST', body: JSON.stringify(input) }),
  });
