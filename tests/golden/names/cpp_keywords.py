# keywords : void (float* new, int auto, float double_)
def keywords(new, auto, double_):
    int_ = auto * 2
    char = double_ + 1.0
    switch = int_ > 3
    if switch:
        new[idx] = char
    delete = new[0]
    new[1] = delete
