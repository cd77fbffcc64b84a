import { Badge, type SystemStyleObject } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, ExternalLink } from 'lucide-react';
import { formatDate } from '../../../shared/format';
import { LISTING_FIELD_LABELS } from '../../../shared/texts/listing-fields';
import { factText as shown, lienSearchUrl, REGISTRY_FIELDS, REGISTRY_TEXTS, type InspectionState } from '../../../shared/registry-facts';
import { StaticButton } from '../static-button';
import { outsideLinkLook, Section } from './listing-specs';
import type { ListingDetail } from './price-box';

type Registry = NonNullable<ListingDetail['registry']>;

const INSPECTION_PALETTE: Record<InspectionState, 'red' | 'orange' | 'green'> = { forfalt: 'red', snart: 'orange', ok: 'green' };

// A fact per row, each an icon and two lines: plain elements styled by the section's `css`, as the page's other
// repeated rows are (listing-specs.tsx). A fact the registry contradicts is marked in the warning colour.
const registryCss: SystemStyleObject = {
  '& [data-part=body]': { display: 'flex', flexDirection: 'column', gap: '4' },
  '& ul': { display: 'flex', flexDirection: 'column', gap: '3', listStyleType: 'none' },
  '& li': { display: 'flex', alignItems: 'flex-start', gap: '3' },
  '& li > [data-part=icon]': { color: 'fg.success', pt: '0.5', flexShrink: 0 },
  '& li[data-mismatch] > [data-part=icon]': { color: 'fg.warning' },
  '& li [data-part=text]': { display: 'flex', flexDirection: 'column', gap: '0', minW: '0' },
  '& li [data-part=fact]': { fontWeight: 'medium', wordBreak: 'break-word' },
  '& li [data-part=note]': { textStyle: 'sm', color: 'fg.muted', wordBreak: 'break-word' },
  '& li[data-mismatch] [data-part=note]': { color: 'fg.warning' },
  '& [data-part=inspection]': { display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' },
  '& [data-part=inspection] > p': { fontWeight: 'medium' },
  '& [data-part=checked]': { textStyle: 'xs', color: 'fg.muted' },
};

/**
 * 'Sjekk bilen' (docs/decisions/025-buyer-trust.md#registry-facts): each fact the vehicle registry confirms or
 * contradicts, the EU-kontroll deadline, and Løsøreregisteret's search for liens on the plate. Nothing without
 * registry facts.
 */
export function RegistryPanel({ listing: l }: { listing: ListingDetail }) {
  const registry: Registry | null = l.registry;
  if (!registry) return null;
  const checked = REGISTRY_FIELDS.filter((f) => registry.facts[f] !== null);
  return (
    <Section title={REGISTRY_TEXTS.title} data-testid="registry-panel" css={registryCss}>
      <div data-part="body">
        {checked.length > 0 && (
          <ul>
            {checked.map((field) => {
              const differs = registry.mismatches.includes(field);
              return (
                <li key={field} data-testid={`registry-${field}`} data-mismatch={differs || undefined}>
                  <div data-part="icon">{differs ? <CircleAlert size={18} aria-hidden /> : <CircleCheck size={18} aria-hidden />}</div>
                  <div data-part="text">
                    <p data-part="fact">
                      {LISTING_FIELD_LABELS[field]}: {shown(field, l[field])}
                    </p>
                    <p data-part="note">
                      {differs ? REGISTRY_TEXTS.registrySays(shown(field, registry.facts[field]!)) : REGISTRY_TEXTS.confirmed}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {registry.nextInspection && registry.inspection && (
          <div data-part="inspection" data-testid="registry-inspection" data-state={registry.inspection}>
            <p>
              {REGISTRY_TEXTS.inspection}: {registry.nextInspection}
            </p>
            <Badge colorPalette={INSPECTION_PALETTE[registry.inspection]} variant={registry.inspection === 'ok' ? 'subtle' : 'solid'} rounded="full">
              {REGISTRY_TEXTS.inspectionStates[registry.inspection]}
            </Badge>
          </div>
        )}
        <StaticButton as="a" look={outsideLinkLook} href={lienSearchUrl(l.registrationNumber)} target="_blank" rel="noopener noreferrer" data-testid="registry-liens">
          {REGISTRY_TEXTS.liens} <ExternalLink size={14} aria-hidden />
        </StaticButton>
        <p data-part="checked">{REGISTRY_TEXTS.checkedAt(formatDate(registry.checkedAt))}</p>
      </div>
    </Section>
  );
}
