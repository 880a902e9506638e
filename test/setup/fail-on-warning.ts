// A Node warning (deprecation, unhandled rejection hint, max listeners) fails the run: it is a bug
// the user would see.
process.on('warning', (warning) => {
  throw warning;
});
