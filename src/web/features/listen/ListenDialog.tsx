import { Check, LockKeyhole, MicOff, SearchX, TriangleAlert, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { adPath } from '../../../shared/ad-links';
import { messages } from '../../../shared/messages';
import { AdLogo } from '../../components/ad/AdLogo';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { NETWORK_ERROR } from '../../lib/api';
import { useMediaQuery } from '../../lib/use-media-query';
import { prepareAudioContext } from './audio-context';
import { LevelMeter, ListenDisc } from './ListeningVisual';
import { LISTEN_SECONDS, useListening, type ListenFailure, type ListenState } from './use-listening';

/** How long the match stays on screen (and is announced) before its page opens. */
const SHOW_MATCH_MS = 900;

const FAILURES: Record<ListenFailure, { title: string; text: (retryAfter?: number) => string; retry: boolean }> = {
  denied: {
    title: 'Microphone access is off',
    text: () =>
      'To hear the ad, AdReplay needs your microphone for a few seconds. Allow it for this site in your browser (the icon beside the address), then try again.',
    retry: true,
  },
  'no-microphone': {
    title: 'No microphone found',
    text: () => 'Connect a microphone, or open AdReplay on your phone, then try again.',
    retry: true,
  },
  busy: {
    title: 'The microphone could not start',
    text: () => 'Another app may be using it. Close that app, then try again.',
    retry: true,
  },
  unsupported: {
    title: 'Listening is not available here',
    text: () =>
      'This browser cannot use the microphone on this page: listening needs a current browser and a secure (https) address. You can still search for the ad.',
    retry: false,
  },
  'rate-limited': {
    title: 'Too many tries in a row',
    text: (s) => `Please wait ${s ? `${s} second${s === 1 ? '' : 's'}` : 'a moment'}, then try again.`,
    retry: true,
  },
  network: { title: 'Could not reach AdReplay', text: () => NETWORK_ERROR, retry: true },
  error: {
    title: messages.somethingWentWrong,
    text: () => 'The ad could not be looked up. Please try again.',
    retry: true,
  },
};

/** The words a screen reader hears for the state (the visible countdown is not read out every second). */
function announcement(state: ListenState, spokenSeconds: number): string {
  switch (state.phase) {
    case 'starting':
      return 'Waiting for the microphone.';
    case 'listening':
      return state.secondsLeft === 0 ? 'Checking what was heard.' : `Listening. ${spokenSeconds} seconds left.`;
    case 'matched':
      return `Found it: ${state.match.title} by ${state.match.businessName}. Opening its page.`;
    case 'no-match':
      return `No match found. ${messages.listenNoMatch}`;
    case 'failed':
      return `${FAILURES[state.reason].title}. ${FAILURES[state.reason].text(state.retryAfter)}`;
  }
}

function Status({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mt-2 text-center">
      <h3 className="text-2xl font-semibold">{title}</h3>
      {children && <div className="mx-auto mt-2 max-w-xs text-sm text-slate-700">{children}</div>}
    </div>
  );
}

/**
 * "Heard it on air?": listens for up to LISTEN_SECONDS and opens the page of the ad it hears. Only
 * fingerprints (numbers) are sent; the audio never leaves the device. `search` draws the search box
 * offered when nothing matched (`onDone` closes the dialog once a search is chosen).
 */
export default function ListenDialog({
  onClose,
  search,
}: {
  onClose: () => void;
  search: (onDone: () => void) => ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  const { state, analyser } = useListening(attempt);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const navigate = useNavigate();
  const levelRef = useRef<HTMLDivElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);

  const match = state.phase === 'matched' ? state.match : null;
  useEffect(() => {
    if (!match) return;
    const timer = setTimeout(() => {
      void navigate(`${adPath(match.slug)}?src=listen`);
      onClose();
    }, SHOW_MATCH_MS);
    return () => clearTimeout(timer);
  }, [match, navigate, onClose]);

  // A session that ends hands the keyboard to its next step (Try again, Listen again).
  const ended = state.phase === 'no-match' || state.phase === 'failed';
  useEffect(() => {
    if (ended) actionRef.current?.focus();
  }, [ended, attempt]);

  const again = () => {
    prepareAudioContext(); // in the click: Safari starts audio only in a user gesture
    setAttempt((a) => a + 1);
  };
  // Spoken every 4 seconds (12, 8, 4), shown every second.
  const secondsLeft = state.phase === 'listening' ? state.secondsLeft : LISTEN_SECONDS;
  const spokenSeconds = Math.ceil(secondsLeft / 4) * 4;

  return (
    <Dialog open onClose={onClose} title="Heard it on air?">
      <div className="w-[min(24rem,calc(100vw-2rem))] px-5 pb-5 pt-6 sm:px-6">
        <p className="sr-only" role="status" aria-live="polite" aria-atomic>
          {announcement(state, spokenSeconds)}
        </p>
        {state.phase === 'starting' && (
          <>
            <ListenDisc tone="muted" />
            <Status title="Starting the microphone">Allow access when your browser asks.</Status>
          </>
        )}
        {state.phase === 'listening' && (
          <>
            <ListenDisc progress={secondsLeft / LISTEN_SECONDS} levelRef={reducedMotion ? undefined : levelRef} />
            <Status title={secondsLeft === 0 ? 'Checking...' : 'Listening...'}>
              Hold your device near the radio or speaker.
            </Status>
            <div className="mt-5">
              {analyser && <LevelMeter analyser={analyser} levelRef={levelRef} reducedMotion={reducedMotion} />}
              <p className="mt-2 text-center text-sm font-medium tabular-nums text-slate-700" aria-hidden>
                {secondsLeft} s left
              </p>
            </div>
            <Button variant="secondary" className="mt-4 w-full" onClick={onClose}>
              Stop
            </Button>
          </>
        )}
        {match && (
          <>
            <div className="relative mx-auto grid h-44 w-44 place-items-center" aria-hidden>
              <div className="relative">
                <AdLogo ad={match} size="xl" />
                <span className="absolute -bottom-2 -right-2 grid h-10 w-10 place-items-center rounded-full bg-brand-600 text-white shadow-md ring-4 ring-surface">
                  <Check className="h-5 w-5" strokeWidth={2.5} />
                </span>
              </div>
            </div>
            <Status title="Found it">
              <span className="block text-base font-semibold text-slate-900">{match.title}</span>
              <span className="block">{match.businessName}</span>
            </Status>
            <p className="mt-4 text-center text-sm text-slate-700">Opening the ad...</p>
          </>
        )}
        {state.phase === 'no-match' && (
          <>
            <ListenDisc tone="muted" icon={<SearchX className="h-11 w-11" strokeWidth={1.75} />} />
            <Status title="No match found">
              {state.heardNothing && <p>The microphone heard nothing: check that it is on and not muted.</p>}
              <p>{messages.listenNoMatch}</p>
            </Status>
            <div className="mt-5">{search(onClose)}</div>
            <Button ref={actionRef} variant="secondary" className="mt-3 w-full" onClick={again}>
              Listen again
            </Button>
          </>
        )}
        {state.phase === 'failed' && (
          <>
            <ListenDisc
              tone="danger"
              icon={
                state.reason === 'network' ? (
                  <WifiOff className="h-11 w-11" strokeWidth={1.75} />
                ) : state.reason === 'denied' || state.reason === 'no-microphone' || state.reason === 'busy' ? (
                  <MicOff className="h-11 w-11" strokeWidth={1.75} />
                ) : (
                  <TriangleAlert className="h-11 w-11" strokeWidth={1.75} />
                )
              }
            />
            <Status title={FAILURES[state.reason].title}>{FAILURES[state.reason].text(state.retryAfter)}</Status>
            {FAILURES[state.reason].retry ? (
              <Button ref={actionRef} className="mt-5 w-full" onClick={again}>
                Try again
              </Button>
            ) : (
              <div className="mt-5">{search(onClose)}</div>
            )}
          </>
        )}
        <p className="mt-5 flex gap-2 border-t border-slate-200 pt-4 text-xs text-slate-700">
          <LockKeyhole className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
          <span>
            No audio leaves your device: only fingerprints (numbers) are sent, and nothing about you is stored.{' '}
            <Link
              to="/about/measurement#listening-for-an-ad"
              className="font-medium text-brand-700 underline"
              onClick={onClose}
            >
              How it works
            </Link>
          </span>
        </p>
      </div>
    </Dialog>
  );
}
