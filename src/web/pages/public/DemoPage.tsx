import { Bookmark, Heart, KeyRound, Share2 } from 'lucide-react';
import { useState } from 'react';
import { embedCode } from '../../../shared/embed';
import { messages } from '../../../shared/messages';
import { toast } from '../../components/ui/toast';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHero } from '../../features/marketing/blocks';
import { AudioPlayer } from '../../features/player/AudioPlayer';
import { appConfig } from '../../lib/app-config';
import { cn } from '../../lib/cn';
import { usePageMeta } from '../../lib/page-meta';

const DEMOS = ['Listener Experience', 'Business Dashboard', 'Radio Station Portal'] as const;
type Demo = (typeof DEMOS)[number];

/**
 * The spec's 30-second sample (public/demo/listener-demo.mp3, peaks read from it once) in the real player.
 * It is not an ad, so nothing is counted, and like, save and share only show what they would do.
 */
const SAMPLE = {
  title: 'The AdReplay listener demo',
  audioUrl: '/demo/listener-demo.mp3',
  audioDurationMs: 30_276,
  waveformPeaks: [
    0.65, 0.68, 0.66, 0.68, 0.61, 0.64, 0.6, 0.76, 0.75, 0.82, 0.74, 0.65, 0.65, 0.65, 0.87, 0.74, 0.66, 0.67, 0.63,
    0.65, 0.66, 0.78, 0.76, 0.73, 0.77, 0.69, 0.75, 0.56, 0.9, 0.68, 0.72, 0.77, 0.75, 0.76, 0.56, 0.69, 1, 0.58, 0.85,
    0.63,
  ],
};

function ListenerDemo() {
  const tryIt = (text: string) => toast.success(text, { description: 'Demo only: nothing was saved.' });
  return (
    <Card className="p-6">
      <p className="text-sm text-slate-700">Sample ad</p>
      <h3 className="text-lg font-semibold">{SAMPLE.title}</h3>
      <div className="mt-4">
        <AudioPlayer ad={SAMPLE} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => tryIt(messages.liked(SAMPLE.title))}>
          <Heart className="h-4 w-4" aria-hidden /> Like
        </Button>
        <Button variant="secondary" size="sm" onClick={() => tryIt(messages.saved(SAMPLE.title))}>
          <Bookmark className="h-4 w-4" aria-hidden /> Save
        </Button>
        <Button variant="secondary" size="sm" onClick={() => tryIt(messages.linkCopied(SAMPLE.title))}>
          <Share2 className="h-4 w-4" aria-hidden /> Share link
        </Button>
      </div>
    </Card>
  );
}

function DashboardDemo() {
  const figures = [
    ['Total Ads', '4'],
    ['Total Plays', '1,284'],
    ['Click Rate', '6.2%'],
    ['QR Scans', '97'],
  ];
  return (
    <Card className="p-6">
      <p className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        Sample data
      </p>
      <h3 className="mt-2 text-lg font-semibold">What an advertiser sees</h3>
      <dl className="mt-4 grid gap-4 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        In your own dashboard these figures come from your ads' real plays, clicks, shares and scans.
      </p>
    </Card>
  );
}

function StationDemo() {
  return (
    <Card className="space-y-6 p-6">
      <p className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        Walkthrough
      </p>
      <div>
        <h3 className="font-semibold">1. Embed a sponsor's ad on your site</h3>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-code p-4 text-sm text-code-ink" tabIndex={0}>
          <code>
            {embedCode({ origin: appConfig.publicOrigin, slug: 'sunrise-bakery-sample', title: 'Sunrise Bakery' })}
          </code>
        </pre>
      </div>
      <div>
        <h3 className="font-semibold">2. Create an API key for your traffic system</h3>
        <div className="mt-2 flex items-center gap-3 rounded-lg border border-slate-200 p-4 text-sm">
          <KeyRound className="h-5 w-5 text-brand-700" aria-hidden />
          <code>adr_x7Qp2m…</code>
          <span className="text-slate-700">shown once, stored hashed</span>
        </div>
      </div>
      <div>
        <h3 className="font-semibold">3. Upload spots automatically</h3>
        <p className="mt-1 text-sm text-slate-700">
          New spots appear on AdReplay with their QR code as they are scheduled.
        </p>
      </div>
    </Card>
  );
}

export default function DemoPage() {
  usePageMeta('/demo');
  const [demo, setDemo] = useState<Demo>('Listener Experience');
  return (
    <>
      <PageHero title="See AdReplay in action">
        Pick a demo: the listener's view, an advertiser's dashboard, or a station's portal.
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-12">
        <div role="tablist" aria-label="Demos" className="flex flex-wrap gap-2">
          {DEMOS.map((d) => (
            <button
              key={d}
              role="tab"
              aria-selected={demo === d}
              onClick={() => setDemo(d)}
              className={cn(
                'rounded-md px-4 py-2 text-sm font-medium',
                demo === d ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200',
              )}
            >
              {d}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-label={demo} className="mt-6">
          {demo === 'Listener Experience' && <ListenerDemo />}
          {demo === 'Business Dashboard' && <DashboardDemo />}
          {demo === 'Radio Station Portal' && <StationDemo />}
        </div>
        <div className="mt-10 text-center">
          <ButtonLink to="/advertisers" size="lg">
            Start advertising on AdReplay
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
