import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { createFailureText, featuredFailure, rootErrorText, updateFailureText } from './ad-errors';

describe("the spec's 'Ad creation failures' table", () => {
  it.each([
    // The server's own texts for each cause, then the table's bare 'contains' rule.
    [
      new ApiError(500, 'Audio upload failed: the file could not be stored in audio-files'),
      'Audio file upload failed. Please try uploading a different audio file.',
    ],
    [
      new Error('storage bucket audio-files unavailable'),
      'Audio file upload failed. Please try uploading a different audio file.',
    ],
    [
      new ApiError(500, 'Image upload failed: the file could not be stored in images'),
      'Image upload failed. Please try uploading a different image.',
    ],
    [new Error('images: quota exceeded'), 'Image upload failed. Please try uploading a different image.'],
    [
      new ApiError(401, 'Failed to create ad: user_id does not belong to a signed-in account'),
      'Authentication error. Please try logging out and back in.',
    ],
    [
      new ApiError(409, 'Failed to create ad: no unique slug is free for this title'),
      'Please try a different ad title.',
    ],
    [new Error('Title must be at least 3 characters'), 'Failed to create ad: Title must be at least 3 characters'],
    [new ApiError(0, 'Network error'), 'Failed to create ad: Network error'],
    ['a thrown string', 'Failed to create ad. Please try again.'],
    [undefined, 'Failed to create ad. Please try again.'],
    [{ message: 'not an Error' }, 'Failed to create ad. Please try again.'],
  ])('%s shows %j', (err, shown) => {
    expect(createFailureText(err)).toBe(shown);
  });

  it('checks the rows in the spec order (a message naming two causes takes the first)', () => {
    expect(createFailureText(new Error('audio-files and images'))).toBe(
      'Audio file upload failed. Please try uploading a different audio file.',
    );
    expect(createFailureText(new Error('images of user_id'))).toBe(
      'Image upload failed. Please try uploading a different image.',
    );
    expect(createFailureText(new Error('user_id and slug'))).toBe(
      'Authentication error. Please try logging out and back in.',
    );
  });
});

describe('other failure texts of the ad form and table', () => {
  it("shows an edit failure as 'Failed to update ad: {message}'", () => {
    expect(updateFailureText(new ApiError(404, 'Ad not found'))).toBe('Failed to update ad: Ad not found');
    expect(updateFailureText('offline')).toBe('Failed to update ad: offline');
  });

  it("shows the form's root error as the spec text or 'Upload Error: {message}'", () => {
    expect(rootErrorText(new ApiError(401, 'You must be logged in to create an ad'))).toBe(
      'You must be logged in to create an ad',
    );
    expect(rootErrorText(new ApiError(400, 'Audio file is required'))).toBe('Audio file is required');
    expect(rootErrorText(new ApiError(413, 'File size exceeds 10MB limit.'))).toBe(
      'Upload Error: File size exceeds 10MB limit.',
    );
  });

  it("offers 'Upgrade Plan' only when featuring hit the plan's limit", () => {
    expect(featuredFailure(new ApiError(403, 'Featured Ad Limit Reached'))).toEqual({
      text: 'Featured Ad Limit Reached',
      upgrade: true,
    });
    expect(featuredFailure(new TypeError('Failed to fetch'))).toEqual({
      text: 'Failed to update ad: Failed to fetch',
      upgrade: false,
    });
  });
});

describe('featured toggle failures by code', () => {
  it("offers 'Upgrade Plan' for the plan-limit code whatever the message, and not for other codes", () => {
    expect(featuredFailure(new ApiError(403, 'Limit', { code: 'PLAN_LIMIT_REACHED' }))).toEqual({
      text: 'Featured Ad Limit Reached',
      upgrade: true,
    });
    expect(featuredFailure(new ApiError(403, 'Cross-site request refused', { code: 'FORBIDDEN' }))).toEqual({
      text: 'Failed to update ad: Cross-site request refused',
      upgrade: false,
    });
    expect(featuredFailure(new Error('Featured Ad Limit Reached'))).toEqual({
      text: 'Failed to update ad: Featured Ad Limit Reached',
      upgrade: false,
    });
  });
});
