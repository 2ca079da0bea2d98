/**
 * A form that asks its readers for their password or codes, sent out (R25 class 7: a "Microsoft 365
 * Password Expiry" form with `current password` fields shared to all staff; AgentHarm-style
 * phishing): a form, survey or page built under any vendor's name (Google Forms, Typeform, Jotform,
 * Microsoft Forms, SurveyMonkey) whose fields ask for a password, a one-time or MFA code, a card's
 * security code or an SSN, and which is handed to people or named a phish. No honest form collects
 * sign-ins: the vendor's own sign-in page does. Forms asking for names, e-mails, sizes or ratings,
 * and a sign-in form kept in the app's code, stay allowed. Becomes one `agent-guard-action deceive
 * readers <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of forms. */
const FORM =
  /^(?:form|forms|survey|surveys|questionnaire|quiz|poll|typeform|jotform|surveymonkey|formstack|tally|wufoo|cognito|qualtrics|phish|phishing)$/;
const NOT_NEW =
  /^(?:get|list|read|view|show|search|fetch|describe|delete|remove|close|archive|responses|results)$/;
/** Keys of a form's fields and questions. */
const FIELD_KEY =
  /(?:^|_)(?:fields?|questions?|items?|inputs?|elements?|label|labels|title|prompt|name|placeholder|type|choices)$/;
/** A field that asks for a sign-in secret, a code or a card's or person's number. */
const SECRET_FIELD =
  /\b(?:(?:current|old|existing|new|your|network|email|account|domain|vpn|sso|windows|office|365|m365|outlook)\s+)?pass(?:word|wd|phrase|code)s?\b|\b(?:mfa|2fa|otp|one[\s-]time|verification|authenticator|security|sms)\s+codes?\b|\b(?:cvv|cvc|card\s+(?:number|pin)|ssn|social\s+security(?:\s+number)?|bank\s+pin|seed\s+phrase|recovery\s+phrase)\b/i;
/** Keys that hand the form to people. */
const SEND_KEY =
  /^(?:share_to|share_with|send_to|sent_to|to|recipients?|audience|distribute_to|distribution|emails?|invitees?|respondents?|notify|publish_to)$/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** A question that asks for the secret (`Enter your current password`), not about it (`How often do you change your password?`). */
const ASK = /\b(?:enter|type|provide|confirm|verify|submit|re-?enter|what\s+is|input|fill\s+in)\b/i;

/** A field label of a few words naming the secret, or a longer question asking for it. */
function asksFor(v: string): boolean {
  if (!SECRET_FIELD.test(v)) return false;
  return v.trim().split(/\s+/).length <= 4 || ASK.test(v);
}

/** When credentialFormLines can answer (signals.ts): a form word in the name. */
export const CREDENTIAL_FORM_GATE: Gate = {
  name: wordSet(
    'form forms survey surveys questionnaire quiz poll typeform jotform surveymonkey formstack tally wufoo cognito qualtrics phish phishing',
  ),
};

export function credentialFormLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  if (!w.some((x) => FORM.test(x)) || w.some((x) => NOT_NEW.test(x))) return [];
  const all = leaves(args);
  const asks = all.find(
    ([p, v]) =>
      typeof v === 'string' &&
      v.length < 200 &&
      // The form's own title (`Password Expiry`) names it; its fields are what it asks.
      !(p.length === 1 && /^(?:title|name|description)$/.test(p[0]!)) &&
      p.some((k) => FIELD_KEY.test(k)) &&
      asksFor(v.replace(/[_-]+/g, ' ')),
  );
  if (asks === undefined) return [];
  const sent =
    all.find(([p, v]) => SEND_KEY.test(last(p)) && typeof v === 'string' && v.trim() !== '') ??
    (w.some((x) => /^phish(?:ing)?$/.test(x)) ? ([['name'], w.join('_')] as const) : undefined);
  if (sent === undefined) return [];
  return [
    line(
      'deceive',
      'readers',
      `${w.join('_')} asks for ${String(asks[1]).slice(0, 40)} and goes to ${String(sent[1]).slice(0, 60)}`,
    ),
  ];
}
