/*
 * The editor's screen and its loader as one module for the router to load: they are needed
 * together, so they come as one file, not two requests on the editor's first load.
 */
export { SignFlowEditRoute } from '../../features/signflows/routes/signflow-edit-route.tsx';
export { signFlowEditLoader } from './signflow-edit-loader.ts';
