import { Link } from 'react-router';
import { messages } from '../../../shared/messages';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{messages.pageNotFound}</h1>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white">
        Go Back Home
      </Link>
    </section>
  );
}
