/**
 * RUN-AST-008: mail sent thousands of times in a row from a counted or endless loop, with no pause:
 * spam, whichever relay carries it (a local MTA at localhost delivers it to the recipients all the
 * same). A newsletter that goes through a list the code loads, or a provider's batch API, has no
 * fixed count of thousands and stays allowed.
 */
import { defineRule } from '../define-rule.js';
import { isMailSend } from '../others-hosts.js';

export default defineRule({
  id: 'RUN-AST-008',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['net'],
  summary:
    'Bulk mail: a mail or SMS send (smtplib, nodemailer, a mail or SMS API) repeated thousands of times in a counted or endless loop with no pause, or sent to every entry of a scraped, bought or leaked list, to whatever relay.',
  remediationHint:
    'Send to the recipients the workspace lists, through the mail provider’s batch or campaign API, with its unsubscribe handling.',
  *check(facts) {
    for (const n of facts.of('net')) {
      if (n.spams !== undefined) {
        yield {
          span: n.span,
          reason: `a message goes through ${n.host} to every entry of ${n.spams}: spam`,
          suggestedAlternative: null,
        };
        return;
      }
      if (n.repeated === undefined || !isMailSend(n)) continue;
      yield {
        span: n.span,
        reason: `a message is sent ${n.repeated} through ${n.host}: bulk mail or texts to recipients the code makes up`,
        suggestedAlternative: null,
      };
      return;
    }
  },
  examples: {
    deny: [
      {
        input:
          "const nodemailer = require('nodemailer');\nconst t = nodemailer.createTransport({ host: 'smtp.mailgun.org', port: 587 });\nfor (const to of require('fs').readFileSync('scraped_emails.txt', 'utf8').split('\\n')) t.sendMail({ to, subject: 'Verify your account' });",
        runtime: 'node',
      },
      {
        input:
          "import smtplib\ns = smtplib.SMTP('localhost')\nfor i in range(100000):\n    s.sendmail('promo@acme.example', [f'user{i}@gmail.com'], 'Subject: You won!')",
        runtime: 'python',
      },
      {
        input:
          "const nodemailer = require('nodemailer');\nconst t = nodemailer.createTransport({ host: 'localhost', port: 25 });\nfor (let i = 0; i < 100000; i++) t.sendMail({ to: `user${i}@gmail.com`, subject: 'You won!', text: 'x' });",
        runtime: 'node',
      },
    ],
    allow: [
      {
        input:
          "import smtplib, csv\nwith smtplib.SMTP('smtp.acme.com', 587) as s:\n    for row in csv.DictReader(open('customers.csv')):\n        if row['opted_in'] == 'yes':\n            s.sendmail('news@acme.com', [row['email']], body)",
        runtime: 'python',
        why: 'a mail-merge to the opted-in customers the workspace keeps',
      },
      {
        input:
          "import smtplib, json\nsubs = json.load(open('subscribers.json'))\nwith smtplib.SMTP('smtp.acme.com', 587) as s:\n    for sub in subs:\n        s.sendmail('news@acme.com', [sub['email']], body)",
        runtime: 'python',
        why: 'a newsletter to the list the workspace keeps',
      },
      {
        input:
          "import smtplib\ns = smtplib.SMTP('localhost', 1025)\nfor i in range(3):\n    s.sendmail('a@x.test', ['b@x.test'], 'hi')",
        runtime: 'python',
        why: 'three test messages',
      },
    ],
  },
});
