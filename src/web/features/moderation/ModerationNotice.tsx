import { useState } from 'react';
import { moderationMessages, type OwnerModeration } from '../../../shared/moderation';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useModerationNotices, useRequestReview } from './api/admin';

/** The one reply the owner has to a decision: why the ad should be looked at again. */
function ReviewRequest({ adId }: { adId: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const review = useRequestReview();
  const id = `review-${adId}`;
  if (!open) {
    return (
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        Ask for review
      </Button>
    );
  }
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        review.mutate(
          { adId, message },
          {
            onSuccess: (res) => toast.success(res.message),
            onError: (err) => toast.error(errorText(err) ?? 'The request could not be sent. Please try again.'),
          },
        );
      }}
    >
      <Label htmlFor={id}>Why should a moderator look at it again?</Label>
      <Textarea
        id={id}
        rows={3}
        required
        maxLength={1000}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={review.isPending || !message.trim()}>
          {review.isPending ? 'Sending...' : 'Send request'}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Notice({ adId, notice }: { adId: string; notice: NonNullable<OwnerModeration> }) {
  return (
    <div role="note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">
        {moderationMessages.ownerNotice[notice.status]} ({formatDate(notice.decidedAt)})
      </p>
      <p className="mt-1 whitespace-pre-wrap">{notice.notice}</p>
      {notice.reviewRequestedAt ? (
        <p className="mt-1 font-medium">{moderationMessages.reviewRequested}</p>
      ) : (
        <ReviewRequest adId={adId} />
      )}
    </div>
  );
}

/** On an ad of the dashboard: why moderation hides it, if it does, and the way to ask for review. */
export function ModerationNotice({ adId }: { adId: string }) {
  const { data } = useModerationNotices();
  const notice = data?.notices[adId];
  return notice ? <Notice adId={adId} notice={notice} /> : null;
}
