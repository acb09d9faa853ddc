import { Dialog } from '../../components/ui/dialog';
import { appConfig } from '../../lib/app-config';

/** 'Watch Demo': the product video (configurable with DEMO_VIDEO_URL), playing as it opens. */
export default function DemoVideoDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="AdReplay demo" wide>
      <div className="aspect-video w-full bg-black">
        <iframe
          src={appConfig.demoVideoUrl}
          title="AdReplay demo video"
          className="h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
    </Dialog>
  );
}
