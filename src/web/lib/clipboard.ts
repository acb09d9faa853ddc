import { toast } from '../components/ui/toast';

/** Copies text and confirms it with a toast; where the clipboard is refused, says so instead. */
export async function copyText(text: string, copiedMessage: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copiedMessage);
    return true;
  } catch (err) {
    console.debug('Copying failed', err);
    toast.error('Copying is blocked here: select the text and copy it yourself.');
    return false;
  }
}
