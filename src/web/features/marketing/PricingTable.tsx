import { Check } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/**
 * The marketing prices of spec section 9. Each tier is a stored plan: Starter is Free, Growth is
 * Premium, Enterprise is Enterprise (Basic is offered in the dashboard only).
 */
const TIERS = [
  {
    name: 'Starter',
    price: '$0',
    note: 'Free forever',
    plan: 'The Free plan',
    features: ['1 ad page', 'Basic analytics', 'Custom URL', 'QR code generator'],
    cta: { label: 'Get Started', to: '/register' },
  },
  {
    name: 'Growth',
    price: '$29',
    note: '14-day free trial',
    plan: 'The Premium plan',
    features: [
      '10 ad pages',
      'Advanced analytics',
      'Custom URL and branding',
      'Email lead capture',
      'Priority support',
    ],
    cta: { label: 'Start Free Trial', to: '/register?plan=growth' },
    highlight: true,
  },
  {
    name: 'Enterprise',
    price: '$99',
    note: 'For agencies and networks',
    plan: 'The Enterprise plan',
    features: ['Unlimited ad pages', 'Full analytics suite', 'White label', 'API access', 'Dedicated account manager'],
    cta: { label: 'Contact Sales', to: '/contact' },
  },
];

export function PricingTable() {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {TIERS.map((t) => (
        <li
          key={t.name}
          data-testid={`tier-${t.name.toLowerCase()}`}
          className={cn(
            'flex flex-col rounded-xl border bg-surface p-6',
            t.highlight ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
          )}
        >
          <h3 className="text-lg font-semibold">{t.name}</h3>
          <p className="mt-2">
            <span className="text-4xl font-bold">{t.price}</span>
            <span className="text-slate-700">/month</span>
          </p>
          <p className="text-sm text-slate-700">{t.note}</p>
          <p className="text-xs text-slate-700">{t.plan}</p>
          <ul className="mt-6 flex-1 space-y-2 text-sm">
            {t.features.map((f) => (
              <li key={f} className="flex gap-2">
                <Check className="h-4 w-4 shrink-0 text-brand-700" aria-hidden /> {f}
              </li>
            ))}
          </ul>
          <ButtonLink to={t.cta.to} variant={t.highlight ? 'primary' : 'secondary'} className="mt-6">
            {t.cta.label}
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}
