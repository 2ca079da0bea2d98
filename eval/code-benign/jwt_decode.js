function decodeJwt(token) {
  const [, payload] = token.split('.');
  const json = Buffer.from(payload, 'base64url').toString('utf8');
  return JSON.parse(json);
}
console.log(decodeJwt(process.argv[2]));
