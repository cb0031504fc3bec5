#!/usr/bin/env node
// The installed `backoffice` command: TypeScript sources run through tsx, as `npm run cli` does.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
