import { Search } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { adPath } from '../../../shared/ad-links';
import { cn } from '../../lib/cn';
import { useSuggestions } from './api/use-suggestions';
import { Highlighted } from '../../components/ui/highlighted';

/**
 * A search box that suggests ads as the user types: a searchbox (the role users and tests know it by)
 * with a listbox popup, tied by aria-controls, aria-autocomplete and aria-activedescendant.
 * Arrow keys move through the suggestions, Enter opens the chosen ad or else searches the directory,
 * Escape closes the list; the number of suggestions is announced. Blank search is ignored.
 */
export function SearchCombobox({
  label,
  placeholder,
  className,
  inputClassName,
  onDone,
  button,
}: {
  label: string;
  placeholder: string;
  className?: string;
  inputClassName?: string;
  onDone?: () => void;
  /** A visible submit button next to the box (the home page's). */
  button?: ReactNode;
}) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { data } = useSuggestions(text);
  const suggestions = text.trim() && data ? data.suggestions : [];
  const shown = open && suggestions.length > 0;

  const finish = (to: string) => {
    void navigate(to);
    setText('');
    setOpen(false);
    setActive(-1);
    onDone?.();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = shown && active >= 0 ? suggestions[active] : undefined;
    if (chosen) return finish(adPath(chosen.slug));
    const q = text.trim();
    if (!q) return; // blank search is ignored
    finish(`/directory?search=${encodeURIComponent(q)}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!suggestions.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const n = suggestions.length;
      setActive((a) => {
        const next = (shown ? a : -1) + step;
        return next < -1 ? n - 1 : next >= n ? -1 : next;
      });
    } else if (e.key === 'Escape') {
      if (shown) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  // -1 is the text box itself; the list may have shrunk since the last arrow key.
  const activeIndex = active < suggestions.length ? active : -1;

  return (
    // Without JavaScript the form itself searches: a GET to the directory, which the server renders.
    <form role="search" method="get" action="/directory" onSubmit={submit} className={cn('relative', className)}>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <input
          type="search"
          name="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          placeholder={placeholder}
          aria-label={label}
          aria-autocomplete="list"
          aria-controls={`${id}-list`}
          aria-activedescendant={shown && activeIndex >= 0 ? `${id}-opt-${activeIndex}` : undefined}
          autoComplete="off"
          className={cn('w-full pl-9', inputClassName)}
        />
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={`Suggestions for ${text.trim()}`}
          hidden={!shown}
          className="absolute left-0 right-0 top-full z-40 mt-1 min-w-64 overflow-hidden rounded-lg border border-slate-200 bg-surface py-1 shadow-lg"
        >
          {data?.didYouMean && (
            <li role="presentation" className="px-3 py-1 text-xs text-slate-600">
              Did you mean <span className="font-semibold">{data.didYouMean}</span>?
            </li>
          )}
          {suggestions.map((s, i) => (
            <li
              key={s.slug}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              // Chosen before the box loses focus (and closes the list).
              onMouseDown={(e) => {
                e.preventDefault();
                finish(adPath(s.slug));
              }}
              className={cn(
                'cursor-pointer px-3 py-2 text-left text-sm',
                i === activeIndex ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-50',
              )}
            >
              <span className="line-clamp-2 block font-medium">
                <Highlighted parts={s.titleParts} />
              </span>
              <span className="block truncate text-xs text-slate-600">{s.businessName}</span>
            </li>
          ))}
        </ul>
      </div>
      {button}
      <p className="sr-only" aria-live="polite">
        {open && text.trim() && data
          ? suggestions.length
            ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'}, use the arrow keys to choose`
            : ''
          : ''}
      </p>
    </form>
  );
}
