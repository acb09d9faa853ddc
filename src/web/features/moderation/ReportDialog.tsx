import { Dialog } from '../../components/ui/dialog';
import ReportForm from './ReportForm';

/** The report dialog, open from the moment it loads; closing it unmounts it. In the embed it fills the frame. */
export default function ReportDialog({
  slug,
  onClose,
  fullFrame = false,
}: {
  slug: string;
  onClose: () => void;
  fullFrame?: boolean;
}) {
  return (
    <Dialog open onClose={onClose} title="Report this ad" fullFrame={fullFrame}>
      <ReportForm slug={slug} onDone={onClose} />
    </Dialog>
  );
}
