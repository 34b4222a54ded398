// The client of cardc's language server: it starts `cardc lsp` (the
// command named by the setting cardc.path) for .card files, and restarts
// it when that setting changes.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function command() {
  return vscode.workspace.getConfiguration('cardc').get('path') || 'cardc';
}

function createClient(command) {
  const serverOptions = {
    run: { command, args: ['lsp'], transport: TransportKind.stdio },
    debug: { command, args: ['lsp'], transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'card' }],
    synchronize: {
      // Cards and tests saved or deleted outside the editor are linted again.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.card'),
    },
  };
  return new LanguageClient('cardc', 'cardc', serverOptions, clientOptions);
}

async function start() {
  const cmd = command();
  client = createClient(cmd);
  try {
    await client.start();
  } catch (err) {
    vscode.window.showErrorMessage(
      `cardc: cannot start "${cmd} lsp": ${err.message}. ` +
        'Install cardc (go install ./cmd/cardc) or set cardc.path.');
  }
}

async function activate(context) {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('cardc.path')) {
        if (client) {
          await client.stop();
        }
        await start();
      }
    }));
  await start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
