/**
 * Entry point of `npm start`. React and other libraries choose their production build from
 * NODE_ENV the moment they are first loaded, so the default is set before anything else loads.
 */
process.env.NODE_ENV ??= 'production';
await import('./start.ts');
