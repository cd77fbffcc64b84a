import { escapeHtml } from '../../shared/html';

// The texts of the app's mails, each as plain text and as simple HTML with the same words (docs/decisions/
// 021-mail-and-account-recovery.md). A template takes what it names and answers a message for Mailer.send.

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
  /** A link that stops mails of this kind: also sent as List-Unsubscribe, so mail programs offer it (RFC 2369). */
  unsubscribeUrl?: string;
}

const SIGNATURE = 'Hilsen\nBilpartner.no';

/** Paragraphs of plain text (a paragraph's lines kept) and, where given, a link: the HTML form of the same mail. */
function htmlOf(paragraphs: (string | { href: string; label: string })[]): string {
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(p.href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(p.label)}</a></p>`,
    )
    .join('\n');
  return `<!doctype html>\n<html lang="nb"><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a202c">\n${body}\n</body></html>\n`;
}

export const PASSWORD_RESET_SUBJECT = 'Nytt passord på Bilpartner.no';

/** 'Glemt passord?': the link to /nytt-passord, valid once and for an hour. */
export function passwordResetMail(user: { name: string; username: string }, link: string): MailMessage {
  const greeting = `Hei ${user.name},`;
  const intro = `Vi har fått en forespørsel om nytt passord for kontoen din på Bilpartner.no (brukernavn: ${user.username}).`;
  const validity = 'Lenken kan brukes én gang og gjelder i én time.';
  const ignore = 'Har du ikke bedt om dette, kan du se bort fra denne e-posten. Passordet ditt er ikke endret.';
  return {
    subject: PASSWORD_RESET_SUBJECT,
    text: [greeting, intro, `Velg nytt passord her:\n${link}`, validity, ignore, SIGNATURE].join('\n\n') + '\n',
    html: htmlOf([greeting, intro, { href: link, label: 'Velg nytt passord' }, `Eller lim inn denne adressen i nettleseren:\n${link}`, validity, ignore, SIGNATURE]),
  };
}

export const ACCOUNT_DELETED_SUBJECT = 'Kontoen din på Bilpartner.no er slettet';

/** After 'Slett kontoen min': a receipt, so a deletion the owner did not make does not go unnoticed. */
export function accountDeletedMail(user: { name: string; username: string }): MailMessage {
  const greeting = `Hei ${user.name},`;
  const body = `Kontoen din på Bilpartner.no (brukernavn: ${user.username}) er slettet, sammen med annonsene, de lagrede annonsene og varslene dine.`;
  const chats = 'Meldinger du har sendt i chatter, blir stående hos den andre parten uten navnet ditt.';
  return {
    subject: ACCOUNT_DELETED_SUBJECT,
    text: [greeting, body, chats, SIGNATURE].join('\n\n') + '\n',
    html: htmlOf([greeting, body, chats, SIGNATURE]),
  };
}

/** A saved search's alert by e-mail: the car, its price, the listing's link, and 'Meld av' for this search's mails. */
export function savedSearchAlertMail(
  user: { name: string },
  alert: { searchName: string; car: string; price: string; listingUrl: string; unsubscribeUrl: string },
): MailMessage {
  const greeting = `Hei ${user.name},`;
  const body = `${alert.car} til ${alert.price} passer det lagrede søket ditt «${alert.searchName}».`;
  const stop = `Vil du ikke lenger få e-post om dette søket, kan du melde deg av her:\n${alert.unsubscribeUrl}`;
  return {
    subject: `Nytt treff i «${alert.searchName}»`,
    text: [greeting, body, `Se annonsen her:\n${alert.listingUrl}`, stop, SIGNATURE].join('\n\n') + '\n',
    html: htmlOf([greeting, body, { href: alert.listingUrl, label: 'Se annonsen' }, stop, SIGNATURE]),
    unsubscribeUrl: alert.unsubscribeUrl,
  };
}
