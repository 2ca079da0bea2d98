import subprocess

def changed_files():
    out = subprocess.run(["git", "diff", "--name-only", "HEAD"], capture_output=True, text=True, check=True)
    return [l for l in out.stdout.splitlines() if l.endswith(".py")]

for f in changed_files():
    subprocess.run(["python3", "-m", "black", "--check", f])
