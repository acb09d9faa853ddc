import { adMessages, fileMessages } from '../../../shared/ads';
import { limitMessages } from '../../../shared/plans';
import { isApiError } from '../../lib/api';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Spec section 8, 'Ad creation failures in the dashboard form' (matched on message content, as its table says). */
export function createFailureText(err: unknown): string {
  if (!(err instanceof Error)) return adMessages.createFailedGeneric;
  const m = err.message;
  if (m.includes('audio-files')) return adMessages.audioFilesFailure;
  if (m.includes('images')) return adMessages.imagesFailure;
  if (m.includes('user_id')) return adMessages.userIdFailure;
  if (m.includes('slug')) return adMessages.slugFailure;
  return adMessages.createFailed(m);
}

/** An edit that failed is shown like a failed creation (beyond-the-spec: not only logged). */
export const updateFailureText = (err: unknown) => adMessages.updateFailed(messageOf(err));

/**
 * The form's root error after a failed save (spec section 8, 'Form root errors', which names these
 * texts): the sign-in and audio texts as they are, any other failure of the upload as 'Upload Error: {message}'.
 */
export function rootErrorText(err: unknown): string {
  const m = messageOf(err);
  if (m === adMessages.notLoggedIn || m === fileMessages.audioRequired) return m;
  return adMessages.uploadError(m);
}

/** A failed featured toggle: only the plan's limit offers 'Upgrade Plan'. */
export function featuredFailure(err: unknown): { text: string; upgrade: boolean } {
  return isApiError(err, 'PLAN_LIMIT_REACHED')
    ? { text: limitMessages.featuredLimitTitle, upgrade: true }
    : { text: adMessages.updateFailed(messageOf(err)), upgrade: false };
}
