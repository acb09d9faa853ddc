import type { HighlightPart } from '../../../shared/ads';

/**
 * Text with its matching words in <mark>; every part is rendered as text, never as HTML. A mark holds one
 * word or one number and never breaks across lines ('555-' above '0142').
 */
export function Highlighted({ parts }: { parts: HighlightPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.hit ? (
          <mark key={i} className="whitespace-nowrap rounded-sm bg-amber-200 px-0.5 text-inherit">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
