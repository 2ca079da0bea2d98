const fs = require('fs');
const zlib = require('zlib');
fs.createReadStream('access.log')
  .pipe(zlib.createGzip())
  .pipe(fs.createWriteStream('access.log.gz'))
  .on('finish', () => console.log('compressed'));
