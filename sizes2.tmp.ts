import { build, type Rolldown } from 'vite';
import { gzipSync } from 'node:zlib';
process.env.NODE_ENV='production';
const variant = JSON.parse(process.argv[2] ?? '{}');
const r = await build({ logLevel: 'silent', build: { outDir: '/tmp/sz', write: false, ...variant } }) as Rolldown.RolldownOutput;
for (const c of r.output) if (c.type==='chunk') console.log(c.fileName, c.isEntry, gzipSync(c.code,{level:9}).length, c.isEntry ? Object.keys(c.modules).filter(m=>/vite|rolldown/.test(m)).join(',') : c.imports.join(','));
