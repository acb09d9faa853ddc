import { useMutation } from '@tanstack/react-query';
import type { Landmark } from '../../../../shared/fingerprint';
// Types only: the listening code stays free of zod (the request body is a plain list of pairs).
import type { IdentifyResponse } from '../../../../shared/identify';
import { api } from '../../../lib/api';

export interface IdentifyRequest {
  landmarks: readonly Landmark[];
  /** Aborted when the listener closes the dialog. */
  signal?: AbortSignal;
}

/** Asks the server which ad these fingerprints are from. Only the numbers are sent: never any audio. */
export function identify({ landmarks, signal }: IdentifyRequest): Promise<IdentifyResponse> {
  return api<IdentifyResponse>('/api/identify', {
    method: 'POST',
    body: JSON.stringify({ landmarks: landmarks.map((l) => [l.hash, l.t]) }),
    signal,
  });
}

/** POST /api/identify as a mutation: each call is one look-up of the landmarks heard so far. */
export const useIdentify = () => useMutation({ mutationFn: identify });
