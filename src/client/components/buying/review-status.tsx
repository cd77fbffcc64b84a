import { Alert, Stack, type StackProps } from '@chakra-ui/react';
import type { ListingShape } from '../../../shared/types/listing';
import { REPORT_TEXTS } from '../../../shared/texts/reports';

// The review status of a listing that buyers do not see as it is (docs/decisions/007-pending-revisions.md): waiting
// for approval, rejected with the reason, inactive, or an owner's edit waiting (or rejected) while the approved
// version stays public. Shown to the owner and admins on /listing/{id}, on /mine-annonser and in the edit form.

type Reviewable = Pick<ListingShape, 'status' | 'active' | 'rejectionReason' | 'revision'> & { sold?: boolean; reportHidden?: boolean };

export interface ReviewNotice {
  key: string;
  status: 'info' | 'warning' | 'error' | 'neutral';
  title: string;
  text: string;
}

/** A label inside a sentence: 'Beskrivelse' → 'beskrivelse' ('VIN'-like words keep their capitals). */
const inSentence = (label: string) => (/^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);

/** The fields an edit changes, as the form labels them, for a sentence ('beskrivelse, bilder'). */
export const changedLabels = (l: Reviewable) => (l.revision?.changes ?? []).map((c) => inSentence(c.label)).join(', ');

/**
 * What the owner (or an admin) is told about a listing. `where` words the advice: on the listing page and in the list
 * the owner is pointed at editing; in the edit form they are already there.
 */
export function reviewNotices(l: Reviewable, viewer: 'owner' | 'admin', where: 'page' | 'form' = 'page'): ReviewNotice[] {
  const owner = viewer === 'owner';
  const notices: ReviewNotice[] = [];
  if (l.status === 'pending') {
    notices.push({
      key: 'pending',
      status: 'warning',
      title: 'Venter på godkjenning',
      text: 'Annonsen er ikke synlig for kjøpere før en administrator har godkjent den.',
    });
  } else if (l.status === 'rejected') {
    notices.push({
      key: 'rejected',
      status: 'error',
      title: `Avvist: ${l.rejectionReason ?? ''}`.trim(),
      text: owner
        ? `Annonsen er ikke synlig for kjøpere. ${where === 'form' ? 'Rett opp og lagre' : 'Rediger annonsen'}, så blir den kontrollert på nytt.`
        : 'Annonsen er ikke synlig for kjøpere.',
    });
  } else if (l.reportHidden) {
    // Hidden by buyers' reports until an admin decides (docs/decisions/025-buyer-trust.md): not the owner's to undo.
    notices.push({
      key: 'report-hidden',
      status: 'warning',
      title: REPORT_TEXTS.hidden,
      text: 'Flere brukere har rapportert annonsen. Den vises ikke for kjøpere før en administrator har vurdert den.',
    });
  } else if (l.sold) {
    // Sold is inactive too; the page and 'Mine annonser' say 'Solgt' instead (docs/product/states.md#sold).
  } else if (!l.active) {
    notices.push({
      key: 'inactive',
      status: 'neutral',
      title: 'Inaktiv',
      text: owner ? 'Annonsen er skjult fra søk og vises ikke for kjøpere. Aktiver den under Mine annonser.' : 'Annonsen er skjult fra søk og vises ikke for kjøpere.',
    });
  }
  const r = l.revision;
  if (l.status === 'approved' && r) {
    const fields = changedLabels(l);
    if (r.status === 'pending') {
      notices.push({
        key: 'revision-pending',
        status: 'info',
        title: owner ? 'Endringene dine venter på godkjenning' : 'Endringer venter på godkjenning',
        text: owner
          ? `Kjøpere ser den godkjente versjonen til endringene er godkjent (${fields}).`
          : where === 'form'
            ? `Eieren har endret ${fields}. Skjemaet viser endringene; lagrer du det, publiseres de med en gang.`
            : `Eieren har endret ${fields}. Her vises den godkjente versjonen, som kjøpere ser.`,
      });
    } else {
      notices.push({
        key: 'revision-rejected',
        status: 'error',
        title: `Avvist: ${r.rejectionReason ?? ''}`.trim(),
        text: owner
          ? `Endringene dine (${fields}) er ikke publisert; kjøpere ser den godkjente versjonen. ${where === 'form' ? 'Rett opp og lagre' : 'Rediger annonsen'} for å sende dem til ny kontroll.`
          : where === 'form'
            ? `Eierens endringer (${fields}) ble avvist. Skjemaet viser dem; lagrer du det, publiseres de med en gang.`
            : `Endringene (${fields}) ble avvist; kjøpere ser den godkjente versjonen.`,
      });
    }
  }
  return notices;
}

/** The notices as alerts, one under the other; nothing when there is nothing to say. */
export function ReviewNotices({ notices, size = 'md', ...rest }: { notices: ReviewNotice[]; size?: 'sm' | 'md' } & StackProps) {
  if (notices.length === 0) return null;
  return (
    <Stack gap="2" data-testid="review-status" {...rest}>
      {notices.map((n) => (
        <Alert.Root key={n.key} status={n.status} size={size} variant="subtle" borderWidth="1px" data-notice={n.key}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title wordBreak="break-word">{n.title}</Alert.Title>
            <Alert.Description>{n.text}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}
