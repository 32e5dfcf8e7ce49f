export { registerUploadRoutes } from './routes';
export { createUploadService, type UploadService } from './service';
