import { partnerUploadExample } from '../../../shared/partner-api';
import { CodeBlock } from '../../components/ui/code-block';
import { appConfig } from '../../lib/app-config';

/** The API upload example of /partners and /docs/integration: one text, this site's real address. */
export function PartnerUploadExample({ className }: { className?: string }) {
  return (
    <CodeBlock
      className={className}
      label="Upload an ad with the API"
      code={partnerUploadExample(appConfig.publicOrigin)}
      copiedMessage="Example copied to clipboard"
    />
  );
}
