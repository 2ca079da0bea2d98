import time
import requests

def fetch(url, attempts=5):
    while True:
        try:
            return requests.get(url, timeout=5).json()
        except requests.RequestException:
            attempts -= 1
            if attempts == 0:
                raise
            time.sleep(2)
