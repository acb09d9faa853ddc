import { Link } from 'react-router';
import { EVENTS_PER_MINUTE, LISTENERS_PER_ADDRESS } from '../../../shared/analytics';
import { Card } from '../../components/ui/card';
import { PageHero, Section } from '../../features/marketing/blocks';
import { usePageMeta } from '../../lib/page-meta';

/** What each kind of event means; the windows match DEDUPE_WINDOW_MS in src/shared/analytics.ts. */
const EVENTS = [
  {
    title: 'Play',
    text: 'Counted when the audio actually starts playing after someone presses play. Nothing is downloaded before the press, so opening a page, a link preview or a search engine visit is never a play. One play per listener per ad every 30 minutes: pausing and playing again, or replaying within half an hour, counts once.',
  },
  {
    title: 'Click',
    text: 'Counted when someone presses Visit Website or Visit Site (a website click) or Call Now (a call click) on the ad page. One of each per listener per ad every hour.',
  },
  {
    title: 'Share',
    text: "Counted when the device's share sheet completes or the link is copied; closing the sheet without sharing counts nothing. One per listener per ad every hour.",
  },
  {
    title: 'QR scan',
    text: "Counted when someone opens the ad page through its QR code (the code's link ends in ?src=qr, which the page then removes so a reload does not count again). Showing the QR code on screen counts nothing. One per listener per ad every hour.",
  },
];

const NOT_COUNTED = [
  'Bots and crawlers: requests whose browser name (user agent) is on the widely used isbot list, or that give none.',
  'HEAD requests and prefetches, where a browser or an app fetches a page ahead of time without anyone looking at it.',
  'Events for ads that are hidden (deactivated by their advertiser).',
  `More than ${EVENTS_PER_MINUTE} events in a minute from one network address: the rest are refused, so nobody can inflate an ad by sending events again and again.`,
  `Listeners beyond the first ${LISTENERS_PER_ADDRESS} of an ad that one network address brings in a day (below).`,
];

export default function MeasurementPage() {
  usePageMeta('/about/measurement');
  return (
    <>
      <PageHero title="How We Measure">
        Every figure an advertiser sees is counted from real listener events by the rules on this page, and nothing
        else.
      </PageHero>
      <Section title="What counts">
        <ul className="grid gap-6 md:grid-cols-2">
          {EVENTS.map((e) => (
            <li key={e.title}>
              <Card className="h-full p-6">
                <h3 className="font-semibold">{e.title}</h3>
                <p className="mt-2 text-slate-800">{e.text}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-slate-800">
          The dashboard shows the click rate (clicks per play) and engagement (clicks, shares and QR scans per play) as
          percentages with one decimal, and a dash when there are no plays to divide by.
        </p>
      </Section>
      <Section title="Who is a listener" muted>
        <div className="max-w-3xl space-y-4 text-slate-800">
          <p>
            To count a listener once, we compute a listener code from the network address (for IPv6 only its first half,
            the /64 network), the browser's user agent and the ad, mixed with a secret salt. The salt changes every day,
            is kept only for that day and is never stored with the events, so codes of different days cannot be linked
            to each other or back to anyone. No IP address is stored, anywhere.
          </p>
          <p>
            One network address counts as at most {LISTENERS_PER_ADDRESS} listeners of an ad in a day. A browser names
            itself, so one computer could otherwise pretend to be a new listener on every play. Once{' '}
            {LISTENERS_PER_ADDRESS} browsers at one address have been counted for an ad on a day, the events of further
            browsers there are received but not counted, while those {LISTENERS_PER_ADDRESS} listeners go on counting as
            before. A household or a phone is far below the cap; a large office or campus behind one address may count
            fewer listeners than it has.
          </p>
          <p>
            Because the code changes daily, unique listeners are counted per ad and per day: someone who listens on two
            different days counts as a listener on each of them, and a play just before midnight UTC and another just
            after it both count.
          </p>
        </div>
      </Section>
      <Section title="What is not counted">
        <ul className="max-w-3xl list-disc space-y-2 pl-6 text-slate-800">
          {NOT_COUNTED.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </Section>
      <Section title="Where listeners come from" muted>
        <div className="max-w-3xl space-y-4 text-slate-800">
          <p>
            Every event keeps its source: <strong>QR code</strong>, <strong>embedded player</strong> or{' '}
            <strong>share link</strong> when the listener arrived through one of those links, <strong>Listen</strong>{' '}
            when the Listen button recognised the ad from the sound around the listener (below),{' '}
            <strong>the referring site</strong> (only its host name, such as news.example.com) when they followed a link
            from another website, and <strong>direct</strong> otherwise.
          </p>
          <p>
            Every event also keeps a device class, <strong>desktop</strong>, <strong>mobile</strong> or{' '}
            <strong>tablet</strong>, read from the browser's user agent.
          </p>
        </div>
      </Section>
      <Section title="Listening for an ad">
        <div className="max-w-3xl space-y-4 text-slate-800">
          <p>
            <strong>Heard it on air?</strong> The Listen button finds an ad from a few seconds of sound. No audio leaves
            your device: your browser turns what the microphone hears into fingerprints, numbers that mark where the
            sound's strongest frequencies rise and how far apart they are in time, and only those numbers are sent to
            find the ad. They cannot be turned back into the sound or the words spoken. Nothing about you is stored: the
            numbers are compared with the fingerprints of the ads in the directory and then discarded, with no record of
            who asked.
          </p>
          <p>
            The microphone is on only while the listening window is open: at most 12 seconds, and it is released as soon
            as an ad is found, you press Stop or you close the window. Your browser asks your permission first, and echo
            cancellation, noise suppression and automatic volume are turned off, because they remove music and voices as
            if they were noise.
          </p>
          <p>
            When the ad is found, its page opens and what you do there counts with the source <strong>listen</strong>,
            like any other visit, by the rules on this page.
          </p>
        </div>
      </Section>
      <Section title="Days, periods and timing" muted>
        <div className="max-w-3xl space-y-4 text-slate-800">
          <p>
            Days are UTC days (Coordinated Universal Time), and the periods of the dashboard (7, 30 and 90 days, or all
            time) are made of whole UTC days, today included.
          </p>
          <p>
            Events are written to the database in batches every 250 milliseconds, so the dashboard's figures update
            within a few seconds. When the server shuts down it writes every accepted event first; only an outright
            crash could lose the events of its last quarter of a second.
          </p>
          <p>
            Advertisers can download the daily figures of any period as a CSV file from their{' '}
            <Link to="/dashboard/analytics" className="text-brand-700 underline">
              analytics page
            </Link>
            . What we store and why is also described in our{' '}
            <Link to="/terms#privacy" className="text-brand-700 underline">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </Section>
    </>
  );
}
