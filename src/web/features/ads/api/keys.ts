import type { AdListParams } from '../../../../shared/ads';
import { USER_SCOPE } from '../../../lib/query-client';

/** The query keys of ads: the public ones under 'ads', the owner's own under the user scope. */
export const adKeys = {
  all: ['ads'] as const,
  list: (params: AdListParams) => ['ads', 'list', params] as const,
  directory: (params: AdListParams) => ['ads', 'directory', params] as const,
  slug: (slug: string) => ['ads', 'slug', slug] as const,
  related: (slug: string) => ['ads', 'related', slug] as const,
  mine: [USER_SCOPE, 'ads'] as const,
  mineOne: (id: string) => [USER_SCOPE, 'ads', id] as const,
};
