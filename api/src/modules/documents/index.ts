export { listDocuments } from './repo';
export { registerDocumentRoutes } from './routes';
export { createDocumentService, type DocumentService, toDocument } from './service';
