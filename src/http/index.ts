export { createHttpApp, DEFAULT_BODY_LIMIT, VERSION, type HttpAppOptions } from './app.js';
export { startHttpServer, isLoopback, type HttpServerOptions, type RunningHttpServer } from './server.js';
export { httpStatus, toHttpError } from './errors.js';
export { stderrLogger, type Logger, type LogLine } from './logging.js';
export { openApiDocument } from './openapi.js';
export { ALL_ROUTES } from './routes.js';
