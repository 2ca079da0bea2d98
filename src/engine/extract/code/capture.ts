/**
 * Libraries that capture what the user types, copies, sees or says (issue 22 r5: pynput and
 * iohook key listeners, PIL ImageGrab / mss / screenshot-desktop, pyperclip / clipboardy, webcams
 * and microphones). Each call is written as the command-line tool that does the same capture
 * (`xinput test-xi2 --root`, `import -window root`, `xclip -o`...) and its result is that tool's
 * output, so SEC-AST-014 judges a capture and a send in one input once for every spelling.
 */
import type { CallHandler, CodeCall } from './calls.js';
import { constText, opaque, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

type AnyHandler = CallHandler<CodeWalker, CodeCall>;

/** The command line each kind of capture amounts to. */
const LINES = {
  keys: ['xinput', 'test-xi2', '--root'],
  screen: ['import', '-window', 'root', 'png:-'],
  clipboard: ['xclip', '-selection', 'clipboard', '-o'],
  camera: ['ffmpeg', '-f', 'v4l2', '-i', '/dev/video0', '-f', 'image2pipe', '-'],
  microphone: ['arecord', '-f', 'cd', '-'],
} as const;

type Kind = keyof typeof LINES;

/**
 * The `via` of a capture of the whole desktop made from code (SEC-AST-016): a spy's capability in
 * an agent's sandbox. A browser page's screenshot is not one of these.
 */
export const SPY_CAPTURE = 'the desktop captured from code by ';

function capture(kind: Kind): AnyHandler {
  return (w, c) => {
    const argv = LINES[kind];
    const api = c.name || c.method || 'capture';
    w.col.nested(argv.join(' '), 'bash', c.span, kind === 'screen' ? SPY_CAPTURE + api : api);
    const out: Val = {
      ...opaque(c.args.filter((a) => a.fn === undefined)),
      sources: [{ kind: 'output', program: argv[0] }],
    };
    // Listeners (on_press=f, on('keydown', f)) run with each event: what was captured.
    const kw = (c as { kw?: ReadonlyMap<string, Val> }).kw;
    const fns = [...c.args, ...(kw?.values() ?? [])].filter((a) => a.fn !== undefined);
    if (fns.length > 0 && hasCallFunction(w)) for (const f of fns.slice(0, 4)) w.callFunction(f, [out]);
    return out;
  };
}

/** Both walkers can run a function value with given arguments (python.ts, node.ts). */
function hasCallFunction(
  w: CodeWalker,
): w is CodeWalker & { callFunction(fn: Val, args: readonly Val[]): Val | undefined } {
  return typeof (w as { callFunction?: unknown }).callFunction === 'function';
}

/** cv2.VideoCapture(0): a camera by index (a file name or URL is not a capture of the user). */
const videoCapture: AnyHandler = (w, c) => {
  const first = c.args[0];
  if (first === undefined || first.num === undefined || constText(first) !== null) return undefined;
  return capture('camera')(w, c);
};

const KEYS = capture('keys');
const SCREEN = capture('screen');
const CLIPBOARD = capture('clipboard');
const MICROPHONE = capture('microphone');

/** Python callables by qualified name. */
export const PY_CAPTURE: readonly (readonly [readonly string[], AnyHandler])[] = [
  [
    [
      'pynput.keyboard.Listener',
      'pynput.keyboard.Events',
      'pynput.mouse.Listener',
      'keyboard.on_press',
      'keyboard.on_release',
      'keyboard.hook',
      'keyboard.record',
      'keyboard.read_key',
      'keyboard.read_event',
      'keyboard.start_recording',
      'keyboard.get_typed_strings',
      'pyxhook.HookManager',
      'pyHook.HookManager',
      'evdev.InputDevice',
    ],
    KEYS,
  ],
  [
    [
      'PIL.ImageGrab.grab',
      'ImageGrab.grab',
      'pyautogui.screenshot',
      'pyscreeze.screenshot',
      'pyscreenshot.grab',
      'mss.mss',
      'mss.mss.mss',
      'mss.MSS',
      'd3dshot.create',
      'dxcam.create',
    ],
    SCREEN,
  ],
  [
    [
      'pyperclip.paste',
      'pyperclip.waitForPaste',
      'pyperclip.waitForNewPaste',
      'clipboard.paste',
      'pyclip.paste',
      'klembord.get',
      'klembord.get_text',
      'xerox.paste',
      'pandas.read_clipboard',
      'PIL.ImageGrab.grabclipboard',
      'win32clipboard.GetClipboardData',
      'tkinter.Tk().clipboard_get',
    ],
    CLIPBOARD,
  ],
  [['cv2.VideoCapture'], videoCapture],
  [['sounddevice.rec', 'sounddevice.InputStream', 'pyaudio.PyAudio().open'], MICROPHONE],
];

/** Method names specific enough to these libraries to count on any receiver. */
export const PY_CAPTURE_METHODS: readonly (readonly [string, AnyHandler])[] = [['clipboard_get', CLIPBOARD]];

/** JavaScript callables (module-qualified). */
export const JS_CAPTURE: readonly (readonly [readonly string[], AnyHandler])[] = [
  [
    [
      'iohook.start',
      'iohook.on',
      'uiohook-napi.uIOhook.start',
      'uiohook-napi.uIOhook.on',
      'new node-global-key-listener.GlobalKeyboardListener',
      'gkm.events.on',
    ],
    KEYS,
  ],
  [
    [
      'screenshot-desktop',
      'screenshot-desktop.default',
      'screenshot-desktop.all',
      'node-screenshots.Monitor.all',
      'node-screenshots.Monitor.fromPoint',
      'electron.desktopCapturer.getSources',
      'screenshot-node.saveScreenshot',
    ],
    SCREEN,
  ],
  [
    [
      'clipboardy.read',
      'clipboardy.readSync',
      'clipboardy.default.read',
      'clipboardy.default.readSync',
      'copy-paste.paste',
      'electron.clipboard.readText',
      'electron.clipboard.readImage',
      '@napi-rs/clipboard.Clipboard().getText',
    ],
    CLIPBOARD,
  ],
  [['node-webcam.capture', 'node-webcam.create', 'node-webcam.default.capture'], capture('camera')],
  [['node-record-lpcm16.record', 'mic'], MICROPHONE],
];
