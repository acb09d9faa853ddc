import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { useRef } from 'react';
import { Download } from 'lucide-react';
import { adUrl } from '../../lib/app-config';
import { buttonClass } from '../ui/button';

/**
 * The ad's QR code (size 128, high error correction); scanning it opens the ad page with ?src=qr,
 * which counts the scan. Showing the code counts nothing.
 */
export default function QrPanel({
  slug,
  title,
  caption = 'Scan to open this ad',
}: {
  slug: string;
  title: string;
  caption?: string;
}) {
  const value = adUrl(slug, 'qr');
  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const download = (href: string, ext: string) => {
    const a = document.createElement('a');
    a.href = href;
    a.download = `${slug}-qr.${ext}`;
    a.click();
  };
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 p-4">
      <QRCodeSVG
        ref={svgRef}
        value={value}
        size={128}
        level="H"
        marginSize={2}
        title={`QR code for ${title}`}
        data-testid="ad-qr"
      />
      <QRCodeCanvas ref={canvasRef} value={value} size={512} level="H" marginSize={4} className="hidden" />
      <p className="text-xs text-slate-700">{caption}</p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'chip' })}
          onClick={() => canvasRef.current && download(canvasRef.current.toDataURL('image/png'), 'png')}
        >
          <Download className="h-4 w-4" aria-hidden /> PNG
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'chip' })}
          onClick={() => {
            const svg = svgRef.current && new XMLSerializer().serializeToString(svgRef.current);
            if (svg) download(URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })), 'svg');
          }}
        >
          <Download className="h-4 w-4" aria-hidden /> SVG
        </button>
      </div>
    </div>
  );
}
