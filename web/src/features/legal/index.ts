// Public face of the legal feature for the other features: the note linking the legal pages that
// the registration and purchase dialogs show. The legal page itself is loaded lazily by its route.
export { AgreeNote } from './AgreeNote';
