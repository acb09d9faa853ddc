import { Bookmark, Heart } from 'lucide-react';
import { messages } from '../../../shared/messages';
import { buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { toggle, useSavedList, type SavedAd } from './saved-store';

/** Like and Save for one ad, kept in this browser. */
export function SaveButtons({ ad }: { ad: SavedAd }) {
  const liked = useSavedList('liked').some((a) => a.id === ad.id);
  const saved = useSavedList('saved').some((a) => a.id === ad.id);
  const small = buttonClass({ variant: 'secondary', size: 'chip' });
  return (
    <>
      <button
        type="button"
        aria-pressed={liked}
        className={cn(small, liked && 'text-red-700')}
        onClick={() => toast.success((toggle('liked', ad) ? messages.liked : messages.unliked)(ad.title))}
      >
        <Heart className={cn('h-4 w-4', liked && 'fill-current')} aria-hidden /> {liked ? 'Liked' : 'Like'}
      </button>
      <button
        type="button"
        aria-pressed={saved}
        className={cn(small, saved && 'text-brand-700')}
        onClick={() => toast.success((toggle('saved', ad) ? messages.saved : messages.unsaved)(ad.title))}
      >
        <Bookmark className={cn('h-4 w-4', saved && 'fill-current')} aria-hidden /> {saved ? 'Saved' : 'Save'}
      </button>
    </>
  );
}
