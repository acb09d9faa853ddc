import { SearchCombobox } from './SearchCombobox';

/**
 * The header's search box, with suggestions as the user types (the layouts hand it to the Header). Its right
 * end is kept free for the Listen button the header draws there on wide screens.
 */
export function HeaderSearch({ onDone }: { onDone?: () => void }) {
  return (
    <SearchCombobox
      label="Search ads"
      placeholder="Search ads..."
      onDone={onDone}
      inputClassName="h-9 rounded-md border border-slate-300 bg-surface pr-10 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 lg:w-44 xl:w-56"
    />
  );
}
