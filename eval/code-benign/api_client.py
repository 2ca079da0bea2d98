import os
import requests

API = "https://api.github.com"
token = os.environ.get("GITHUB_TOKEN")
headers = {"Authorization": f"token {token}"} if token else {}
page = 1
while True:
    r = requests.get(f"{API}/repos/python/cpython/issues", params={"page": page}, headers=headers)
    data = r.json()
    if not data:
        break
    page += 1
