#!/usr/bin/python3
"""Writes rnn_state.pt, the recurrent layers' state_dicts PyTorch 1.13
saved, which rnn_api.py loads: run with Debian's python3 (python3-torch)
from this folder."""
import torch

torch.manual_seed(21)
lstm = torch.nn.LSTM(3, 5, num_layers=2, bidirectional=True, proj_size=2)
gru = torch.nn.GRU(3, 4, bias=False, batch_first=True)
cell = torch.nn.LSTMCell(3, 4)
torch.save({'lstm': lstm.state_dict(), 'gru': gru.state_dict(), 'cell': cell.state_dict()}, 'rnn_state.pt')
