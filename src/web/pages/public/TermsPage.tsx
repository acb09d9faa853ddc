import { usePageMeta } from '../../lib/page-meta';

export default function TermsPage() {
  usePageMeta('/terms');
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_p]:mt-3 [&_p]:text-slate-800 [&_li]:text-slate-800">
      <h1 className="text-3xl font-bold">Terms of Service</h1>
      <p className="text-sm text-slate-700">Last modified May 13, 2025</p>

      <h2>Using AdReplay</h2>
      <p>
        AdReplay hosts pages for radio and podcast ads. Anyone may browse, play and share the ads. Advertisers who
        create an account may publish ads they own or are authorised to publish, and are responsible for their content,
        including the accuracy of offers, phone numbers and links.
      </p>
      <h2>Content and removal</h2>
      <p>
        You keep the rights to what you upload and allow us to host, stream and display it on AdReplay and in embeds. We
        may remove ads that are unlawful, misleading or infringe the rights of others.
      </p>
      <h2>Plans and limits</h2>
      <p>Plans limit how many ads you can create each calendar month and how many you can feature.</p>

      <h2 id="privacy">Privacy Policy</h2>
      <p>What we store, and what we don't:</p>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          <strong>Accounts:</strong> your e-mail address, a securely hashed password (we never see it), your name,
          company, website and phone, and sign-in sessions.
        </li>
        <li>
          <strong>Ads:</strong> the audio, logo and details you upload.
        </li>
        <li>
          <strong>Contact messages:</strong> what you send through the contact form, to answer it.
        </li>
        <li>
          <strong>Listening:</strong> when an ad is played, shared or its link is clicked we keep the event with the
          browser's user agent and a listener code, a hash of your network address, browser and the ad made with a
          secret that changes every day, used only to avoid counting you twice. We never store IP addresses.
        </li>
        <li>
          <strong>Heard it on air? (Listen):</strong> the microphone is on only while the listening window is open, for
          at most 12 seconds. The sound is turned into fingerprints (numbers) in your browser; only those numbers are
          sent, to find the ad, and they are not kept. No audio leaves your device and nothing about you is stored.
        </li>
        <li>
          <strong>Likes and saves</strong> stay in your own browser (local storage) and are never sent to us.
        </li>
      </ul>
      <p>We do not sell personal data and use no advertising trackers. To delete your account, contact us.</p>
    </article>
  );
}
