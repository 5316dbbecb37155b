import { defineConfig } from 'vite';

// Relative asset paths: the conductor serves the app under /console/, and nothing is fetched from
// elsewhere at run time. The output lands on the jar's classpath (ferrum-console/).
export default defineConfig({
  base: './',
  root: 'src',
  build: {
    outDir: '../target/classes/ferrum-console',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
});
