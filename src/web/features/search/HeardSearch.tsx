import { SearchCombobox } from './SearchCombobox';

/** The search box offered when listening found no ad: for the words, business or place the listener remembers. */
export function HeardSearch({ onDone }: { onDone?: () => void }) {
  return (
    <SearchCombobox
      label="Search ads"
      placeholder="Words you heard, a business..."
      onDone={onDone}
      inputClassName="h-11 rounded-md border border-slate-300 bg-surface pr-3 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
    />
  );
}
