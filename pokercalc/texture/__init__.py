"""The flop study: all-flop equities, features F1-F73 and their integer programs."""
