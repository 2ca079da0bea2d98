/**
 * Mail exchangers of providers that host organisations' mail (Google, Microsoft 365, Fastmail ...):
 * a domain's MX pointed at one moves its mail to a provider, not to someone's own server (R15 twin).
 */
export const MAIL_HOST =
  /(?:^|\.)(?:google\.com|googlemail\.com|mail\.protection\.outlook\.com|outlook\.com|zoho\.(?:com|eu|in)|messagingengine\.com|protonmail\.ch|mailgun\.org|sendgrid\.net|amazonaws\.com|mimecast\.com|pphosted\.com|ppe-hosted\.com|barracudanetworks\.com|secureserver\.net|icloud\.com|yandex\.net|mailjet\.com|postmarkapp\.com|migadu\.com|improvmx\.com|forwardemail\.net|fastmail\.com|gandi\.net|ovh\.net|emailsrvr\.com|privateemail\.com|titan\.email|messagelabs\.com|iphmx\.com|mxroute\.com|kundenserver\.de|registrar-servers\.com|mx\.cloudflare\.net|mailbox\.org|hostinger\.com|ionos\.(?:com|de|co\.uk)|one\.com|gmx\.net|hover\.com|mail\.ovh\.net|tutanota\.de|hey\.com|purelymail\.com)$/i;

/** `10 mx1.fastmail.com.`: the exchange host of an MX value, priority and trailing dot dropped. */
export function mxHost(value: string): string {
  return value
    .trim()
    .replace(/^\d+\s+/, '')
    .replace(/\.$/, '');
}
