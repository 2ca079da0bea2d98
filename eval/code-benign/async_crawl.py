import asyncio
import aiohttp

async def fetch(session, url):
    async with session.get(url) as r:
        return await r.text()

async def main(urls):
    async with aiohttp.ClientSession() as s:
        pages = await asyncio.gather(*(fetch(s, u) for u in urls))
    print([len(p) for p in pages])

asyncio.run(main(["https://example.com", "https://example.org"]))
