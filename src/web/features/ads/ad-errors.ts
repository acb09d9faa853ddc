/** Spec section 8, 'Ad creation failures in the dashboard form' (matched on message content). */
export function createFailureText(err: unknown): string {
  if (!(err instanceof Error)) return 'Failed to create ad. Please try again.';
  const m = err.message;
  if (m.includes('audio-files')) return 'Audio file upload failed. Please try uploading a different audio file.';
  if (m.includes('images')) return 'Image upload failed. Please try uploading a different image.';
  if (m.includes('user_id')) return 'Authentication error. Please try logging out and back in.';
  if (m.includes('slug')) return 'Please try a different ad title.';
  return `Failed to create ad: ${m}`;
}
