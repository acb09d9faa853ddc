import { z } from 'zod';
import { CATEGORIES } from './categories.js';

/** Trust and safety (decision 44): listeners' reports, moderators' actions and their texts. */

export const REPORT_REASONS = ['misleading', 'offensive', 'scam', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  misleading: 'Misleading',
  offensive: 'Offensive',
  scam: 'Scam or fraud',
  copyright: 'Copyright',
  other: 'Other',
};

/** What an ad's status can be: only 'published' is public; the last three are moderation's (hidden). */
export const AD_STATUSES = ['published', 'draft', 'held', 'taken_down', 'suspended'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];
export const HIDDEN_STATUSES = ['held', 'taken_down', 'suspended'] as const;
export type HiddenStatus = (typeof HIDDEN_STATUSES)[number];

export const MAX_REPORT_DETAILS = 1000;
export const MAX_ACTION_REASON = 1000;

export const ReportInput = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: z
    .string()
    .trim()
    .max(MAX_REPORT_DETAILS, `Details must be at most ${MAX_REPORT_DETAILS} characters`)
    .optional()
    .transform((v) => v || undefined),
});
export type ReportInput = z.input<typeof ReportInput>;

/** Every moderator action carries its reason: it goes to the audit log and (worded for them) to the owner. */
export const ActionInput = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(MAX_ACTION_REASON, `The reason must be at most ${MAX_ACTION_REASON} characters`),
});

/** The owner's one request for review of a decision. */
export const ReviewRequestInput = z.object({
  message: z
    .string({ error: 'Say why the ad should be reviewed' })
    .trim()
    .min(1, 'Say why the ad should be reviewed')
    .max(MAX_REPORT_DETAILS, `The message must be at most ${MAX_REPORT_DETAILS} characters`),
});

export const AD_ACTIONS = ['dismiss', 'take-down', 'restore'] as const;
export type AdAction = (typeof AD_ACTIONS)[number];
export const USER_ACTIONS = ['suspend', 'reinstate'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
/** What the audit log records: the moderators' actions, and the automatic hold. */
export type AuditAction = AdAction | UserAction | 'hold';

export const moderationMessages = {
  reported: 'Thank you. Your report was sent to our moderators.',
  tooManyReports: 'Too many reports from your network. Please try again later.',
  /** What an ad's page and embed say instead of the ad (HTTP 451). */
  removed: {
    taken_down: 'This ad was taken down for breaking the AdReplay rules.',
    held: 'This ad is hidden while our moderators review reports about it.',
    suspended: 'This ad is not available: its advertiser’s account is suspended.',
  } satisfies Record<HiddenStatus, string>,
  /** What the owner reads on the ad in the dashboard. */
  ownerNotice: {
    taken_down: 'Taken down by a moderator',
    held: 'Hidden pending review: several listeners reported it',
    suspended: 'Hidden: your account is suspended',
  } satisfies Record<HiddenStatus, string>,
  reviewRequested: 'Review requested. A moderator will look at the ad again.',
  reviewAlreadyRequested: 'You already asked for a review of this decision',
  reviewNotNeeded: 'This ad is not hidden by a moderation decision',
  suspendedSignIn: 'This account is suspended. Contact us if you think this is a mistake.',
  notAdmin: 'Only moderators can do this',
  adminSignIn: 'Sign in as a moderator',
  wrongState: {
    dismiss: 'This ad has no open reports or review request',
    'take-down': 'This ad is already taken down',
    restore: 'This ad is not hidden by moderation',
    suspend: 'This account is already suspended',
    reinstate: 'This account is not suspended',
  } satisfies Record<AdAction | UserAction, string>,
} as const;

const QueueReport = z.object({
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.string(),
});

/** One ad in the moderators' queue: its open reports (newest first) and its state. */
export const QueueItem = z.object({
  ad: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    businessName: z.string(),
    category: z.enum(CATEGORIES),
    description: z.string().nullable(),
    audioUrl: z.string(),
    logoUrl: z.string().nullable(),
    status: z.enum(AD_STATUSES),
  }),
  owner: z.object({ id: z.string(), email: z.string(), suspended: z.boolean() }),
  reportCount: z.int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.int() })),
  latestAt: z.string(),
  reports: z.array(QueueReport),
  review: z.object({ requestedAt: z.string(), message: z.string() }).nullable(),
});
export type QueueItem = z.output<typeof QueueItem>;
export const QueueResponse = z.object({ items: z.array(QueueItem) });
export type QueueResponse = z.output<typeof QueueResponse>;

export const AuditEntry = z.object({
  id: z.int(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.enum(['ad', 'user']),
  targetId: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.output<typeof AuditEntry>;
export const AuditResponse = z.object({ entries: z.array(AuditEntry), nextBefore: z.int().nullable() });
export type AuditResponse = z.output<typeof AuditResponse>;

/** The moderation state of one of the owner's ads, shown in the dashboard. */
export const OwnerModeration = z
  .object({
    status: z.enum(['held', 'taken_down', 'suspended']),
    notice: z.string(),
    decidedAt: z.string(),
    reviewRequestedAt: z.string().nullable(),
  })
  .nullable();
export type OwnerModeration = z.output<typeof OwnerModeration>;
