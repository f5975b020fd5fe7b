import { Button } from './Button';
import { useToast } from './Toast';

/**
 * Copies a value (an id) to the clipboard, so a record's id is one click away without filling
 * the screen with it; a toast says it was copied, or that the browser refused.
 */
export function CopyButton({ value, label, copied }: { value: string; label: string; copied: string }) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ message: copied, tone: 'success' });
    } catch {
      toast({ message: 'The browser did not allow copying. Select the text instead.', tone: 'error' });
    }
  }
  return (
    <Button size="sm" variant="ghost" onClick={() => void copy()}>
      {label}
    </Button>
  );
}
