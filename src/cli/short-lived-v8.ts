import v8 from 'node:v8';

/**
 * Regular expressions run interpreted until they have run 100 times (V8's default: once), then
 * compile to machine code. A CLI command runs chrono's large date patterns a few times and exits:
 * compiling them costs more (about 0.2 s of a cold recall) than it saves; a server's hot patterns
 * still compile after their hundredth run.
 */
v8.setFlagsFromString('--regexp-tier-up-ticks=100');
